export { ratingAverage, summariseRatings } from './queries.ts';
export { reviewRoutes } from './routes.ts';
export { hideReview, newReviewNotice, restoreReview } from './service.ts';
