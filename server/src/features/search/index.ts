export { searchRoutes } from './routes.ts';
export { assertMayUsePremiumFilters, crewCardsOf, matchingCrewIds, search, toCrewCard } from './service.ts';
