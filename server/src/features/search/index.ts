export { searchRoutes } from './routes.ts';
export { assertMayUsePremiumFilters, crewCardsOf, search, toCrewCard } from './service.ts';
