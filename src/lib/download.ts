/** Saves bytes as a file through a temporary object URL (nothing stored by the console). */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
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

/** Saves text as a file (no server round trip). */
export function downloadText(filename: string, text: string, type = 'application/json') {
  downloadBlob(filename, new Blob([text], { type }))
}
