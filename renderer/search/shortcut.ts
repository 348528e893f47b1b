/** The search shortcut, apart from the dialog's React code: the page runtime listens for it before React has loaded. */

/** Whether a `/` typed at `target` is the shortcut, not a character typed into a field. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'defaultPrevented' | 'target'>): boolean {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return false
  const target = event.target as Element | null
  return !target?.closest?.('input, textarea, select, [contenteditable]:not([contenteditable="false"])')
}
