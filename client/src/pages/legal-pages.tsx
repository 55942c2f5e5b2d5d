import { about, cookiePolicy, gdprRights, privacyPolicy, termsOfService } from '#common/content/legal';
import { LegalDocumentView } from '../features/legal/components/legal-document-view.tsx';

export const AboutPage = () => <LegalDocumentView document={about} showUpdated={false} />;
export const PrivacyPolicyPage = () => <LegalDocumentView document={privacyPolicy} />;
export const TermsPage = () => <LegalDocumentView document={termsOfService} />;
export const CookiesPage = () => <LegalDocumentView document={cookiePolicy} />;
export const GdprPage = () => <LegalDocumentView document={gdprRights} />;
