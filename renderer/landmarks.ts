/**
 * Main's id: the skip link's target (renderer/Layout.tsx), and the element the document head asks
 * browsers to wait for before they paint (renderer/document-head.ts), so that they never paint
 * half a header. A module of its own, so that the client bundle takes the id and not the head.
 */
export const MAIN_ID = 'main'
