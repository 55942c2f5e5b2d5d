export { searchRoutes } from './routes.ts';
export { crewCardsOf, search, toCrewCard } from './service.ts';
