import { LegalDocumentView } from '#client/features/legal/components/legal-document-view.tsx';
import { about, cookiePolicy, gdprRights, privacyPolicy, termsOfService } from '#common/content/legal';

export const AboutPage = () => <LegalDocumentView document={about} showUpdated={false} />;
export const PrivacyPolicyPage = () => <LegalDocumentView document={privacyPolicy} />;
export const TermsPage = () => <LegalDocumentView document={termsOfService} />;
export const CookiesPage = () => <LegalDocumentView document={cookiePolicy} />;
export const GdprPage = () => <LegalDocumentView document={gdprRights} />;
