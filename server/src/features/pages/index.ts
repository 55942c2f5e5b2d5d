export { loadAppRenderer } from './app-renderer.ts';
export { createPageRenderer } from './service.ts';
