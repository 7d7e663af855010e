/** Saves text as a file through a temporary object URL (no server round trip, nothing stored). */
export function downloadText(filename: string, text: string, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Revoking at once can cancel the download in some browsers; a tick later is enough.
  window.setTimeout(() => URL.revokeObjectURL(url), 0)
}
