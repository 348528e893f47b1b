// The view lives in ErrorView.tsx so that the client router can show it without a page load.
export { ErrorView as default } from './ErrorView.tsx'
