import { t } from '@/i18n'

function bootFailureText(error: unknown, hasCatalogs: boolean): { title: string; message: string } {
  if (!(error instanceof Error)) {
    return {
      title: hasCatalogs ? t('app.boot.failed') : 'The console could not start',
      message: String(error),
    }
  }
  return hasCatalogs
    ? { title: t('app.boot.failed'), message: t('app.boot.serveOverHttp', { message: error.message }) }
    : {
        title: 'The console could not start',
        message: `${error.message}. If you opened the demo, serve it over http://localhost or https so the mock service worker can run.`,
      }
}

/** The start-up failure, said in the reader's language when the strings could be loaded. */
export function showBootFailure(root: HTMLElement, error: unknown, hasCatalogs: boolean) {
  const { title: titleText, message } = bootFailureText(error, hasCatalogs)
  // Plain DOM, no React: this runs when React or the mock could not start at all.
  const box = document.createElement('div')
  box.setAttribute('role', 'alert')
  box.style.cssText =
    'max-width:40rem;margin:4rem auto;font-family:system-ui;padding:1rem;border:1px solid #b91c1c'
  const title = document.createElement('h1')
  title.textContent = titleText
  const detail = document.createElement('p')
  detail.textContent = message
  box.append(title, detail)
  root.replaceChildren(box)
}
