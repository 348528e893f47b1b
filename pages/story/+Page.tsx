// The view lives in StoryView.tsx so that the client router can render it for any route.
export { StoryView as default } from './StoryView.tsx'
