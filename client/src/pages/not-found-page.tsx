// The 404 route is the shared component itself: re-exported rather than wrapped, so the route, the
// profile page and the staff pages fetch it as one chunk.
export { NotFound as default } from '#client/components/not-found.tsx';
