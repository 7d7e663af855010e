import bash from 'highlight.js/lib/languages/bash'
import diff from 'highlight.js/lib/languages/diff'
import go from 'highlight.js/lib/languages/go'
import java from 'highlight.js/lib/languages/java'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import python from 'highlight.js/lib/languages/python'
import shell from 'highlight.js/lib/languages/shell'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'
import type { Root, RootContent } from 'hast'
import { createLowlight } from 'lowlight'
import { createElement, type ReactNode } from 'react'
import './highlight.css'

/**
 * Loaded only when a code block is on screen (markdown-code.tsx imports it lazily), with the
 * languages agents and their tools write most. lowlight returns a syntax tree rather than an HTML
 * string, so highlighted code is built from React elements like everything else.
 */
const lowlight = createLowlight({
  bash,
  diff,
  go,
  java,
  javascript,
  json,
  python,
  shell,
  sql,
  typescript,
  xml,
  yaml,
})
lowlight.registerAlias({
  bash: ['sh', 'zsh'],
  xml: ['html', 'svg'],
  yaml: ['yml'],
  shell: ['console', 'shellsession'],
})

/** Past this many characters highlighting is skipped: a 5 MB tool output must not freeze the page. */
export const MAX_HIGHLIGHT_CHARS = 100_000

function toReact(node: Root | RootContent, key: number): ReactNode {
  if (node.type === 'text') return node.value
  if (node.type !== 'element' && node.type !== 'root') return null
  const children = node.children.map((child, index) => toReact(child, index))
  if (node.type === 'root') return children
  const className = node.properties.className
  // Only classes from the grammar (hljs-*) reach the DOM; no other attribute is copied.
  const classes = Array.isArray(className)
    ? className
        .filter((name): name is string => typeof name === 'string' && name.startsWith('hljs-'))
        .join(' ')
    : undefined
  return createElement('span', { key, className: classes || undefined }, ...children)
}

/** Highlighted code as React nodes, or null for an unknown language or oversized code. */
export function highlightCode(code: string, language: string): ReactNode | null {
  const name = language.trim().toLowerCase()
  if (!name || code.length > MAX_HIGHLIGHT_CHARS || !lowlight.registered(name)) return null
  try {
    return toReact(lowlight.highlight(name, code), 0)
  } catch {
    return null
  }
}
