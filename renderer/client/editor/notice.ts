/** A visible note for the editor (outside the page's React root, so it survives re-renders). */
export function showNotice(message: string): void {
  let notice = document.getElementById('editor-notice')
  if (!notice) {
    notice = Object.assign(document.createElement('div'), { id: 'editor-notice', className: 'editor-notice' })
    notice.setAttribute('role', 'status')
    document.body.append(notice)
  }
  notice.textContent = message
}
