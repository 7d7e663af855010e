/**
 * Hostile input for the console: every string is something an agent, a tool or a misbehaving
 * server could hand it. Payloads that would run script set `window.__pwned` (or open a dialog), so
 * a test only has to check that flag and the dialog count stay untouched.
 */
const FLAG = 'window.__pwned=1'

export const SCRIPT_INJECTION: readonly string[] = [
  `<script>${FLAG}</script>`,
  `"><script>${FLAG}</script>`,
  `'><script>${FLAG}</script>`,
  `</textarea><script>${FLAG}</script>`,
  `</title><script>${FLAG}</script>`,
  `<img src=x onerror="${FLAG}">`,
  `<img src=x onerror=alert(1)>`,
  `<svg onload=${FLAG}>`,
  `<svg><script>${FLAG}</script></svg>`,
  `<body onload=${FLAG}>`,
  `<details open ontoggle=${FLAG}>`,
  `<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>`,
  `<iframe src="javascript:parent.__pwned=1"></iframe>`,
  `<a href="javascript:${FLAG}">click</a>`,
  `<input autofocus onfocus=${FLAG}>`,
  `<video><source onerror="${FLAG}"></video>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${FLAG}>`,
  `<style>@import 'javascript:${FLAG}';</style>`,
  `<object data="javascript:${FLAG}"></object>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${FLAG}">`,
  `{{constructor.constructor('${FLAG}')()}}`,
  `\${${FLAG}}`,
  `'-alert(1)-'`,
  `";${FLAG};//`,
  `<div style="background:url(javascript:${FLAG})">`,
  `<base href="javascript:${FLAG}//">`,
]

export const URLS: readonly string[] = [
  `javascript:${FLAG}`,
  `JaVaScRiPt:${FLAG}`,
  `java\tscript:${FLAG}`,
  `data:text/html,<script>${FLAG}</script>`,
  `vbscript:msgbox(1)`,
  `https://example.com/"onmouseover="${FLAG}`,
]

export const UNICODE: readonly string[] = [
  '\u202Egnp.exe',
  'مرحبا بالعالم — שלום עולם',
  '\u200B'.repeat(500),
  'a\u200Db\u200Cc\uFEFFd\u2060e',
  '\uD800',
  '\uDFFF lone low',
  'a\uD83Dz',
  'Z̴̡̢̛̛̛̛̼̖̝͎͚̞̜͎̪͎̯̫̠̩͚̰͎̣͈͚̩̈́̈́̀̈́̋̍̄̌̃̿̕͝ͅa̸l̵g̶o̷',
  '👨‍👩‍👧‍👦🏳️‍🌈🇺🇳'.repeat(50),
  'null\u0000byte',
  'line\r\nbreak\rinjection\nX-Header: 1',
]

export const ANSI: readonly string[] = [
  '\u001b[31mred\u001b[0m \u001b[1;4;32mbold green\u001b[0m',
  '\u001b]8;;javascript:alert(1)\u0007link\u001b]8;;\u0007',
  '\u001b[2J\u001b[H cleared',
  '\u001b[999999999C far right',
  '\u001b[38;5;196m256\u001b[48;2;255;0;0mtruecolor\u001b[0m',
  '\u001b[',
]

export const LONG: readonly string[] = [
  'A'.repeat(20_000),
  `https://example.com/${'segment'.repeat(3_000)}`,
  'supercalifragilistic'.repeat(1_000),
  '%s%n%x%d'.repeat(500),
  '__proto__',
  'constructor',
]

/** A tool output of five million characters, with ANSI colour and a hostile tail. */
export function fiveMegabyteOutput(): string {
  const line = '\u001b[32mok\u001b[0m row of tool output that goes on and on and on ......\n'
  return `${line.repeat(Math.ceil(5_000_000 / line.length))}<img src=x onerror=${FLAG}> END-OF-OUTPUT`
}

/** `{ "a": { "a": … } }` nested `depth` levels. */
export function deeplyNested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: `<script>${FLAG}</script>` }
  for (let level = 0; level < depth; level += 1) value = { a: value }
  return value
}

export const HOSTILE_STRINGS: readonly string[] = [...SCRIPT_INJECTION, ...URLS, ...UNICODE, ...ANSI, ...LONG]
