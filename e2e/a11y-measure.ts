import type { Locator, Page } from '@playwright/test'

/**
 * Measurements axe does not make, taken from the page as Chromium lays it out and paints it: the
 * focused element's focus ring (WCAG 2.4.7), pointer target sizes (2.5.8), the contrast of text at
 * rest from computed styles (1.4.3), and names read twice as name and description.
 */

/** Why the focused element's outline is not fully seen: clipped by a scroll box or painted over. */
export async function focusRingProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!(element instanceof HTMLElement) || element === document.body) return ['nothing is focused']
    const name = element.getAttribute('aria-label') || element.title || element.textContent || element.tagName
    const style = getComputedStyle(element)
    const width = Number.parseFloat(style.outlineWidth)
    if (style.outlineStyle === 'none' || !(width > 0)) return [`${name}: no focus outline`]
    const problems: string[] = []
    // The outline's outer edge and the line through its middle, from its offset and width.
    const box = element.getBoundingClientRect()
    const grow = (by: number) => ({
      left: box.left - by,
      top: box.top - by,
      right: box.right + by,
      bottom: box.bottom + by,
    })
    const offset = Number.parseFloat(style.outlineOffset) || 0
    const outer = grow(offset + width)
    const middle = grow(offset + width / 2)
    for (let node = element.parentElement; node; node = node.parentElement) {
      const clip = getComputedStyle(node)
      if (
        clip.overflowX === 'visible' &&
        clip.overflowY === 'visible' &&
        !/paint|strict|content/.test(clip.contain)
      )
        continue
      const rect = node.getBoundingClientRect()
      const inside = {
        left: rect.left + node.clientLeft,
        top: rect.top + node.clientTop,
        right: rect.left + node.clientLeft + node.clientWidth,
        bottom: rect.top + node.clientTop + node.clientHeight,
      }
      const cut = [
        outer.top < inside.top - 0.5 && 'top',
        outer.bottom > inside.bottom + 0.5 && 'bottom',
        outer.left < inside.left - 0.5 && 'left',
        outer.right > inside.right + 0.5 && 'right',
      ].filter(Boolean)
      if (cut.length > 0)
        problems.push(`${name}: outline clipped at its ${cut.join(', ')} by ${node.tagName}`)
    }
    // Points on the outline: whatever the browser finds there must be the element, inside it or
    // under it; anything else is drawn over the outline.
    const midX = (middle.left + middle.right) / 2
    const midY = (middle.top + middle.bottom) / 2
    const points: [string, number, number][] = [
      ['top', midX, middle.top],
      ['bottom', midX, middle.bottom],
      ['left', middle.left, midY],
      ['right', middle.right, midY],
    ]
    for (const [side, x, y] of points) {
      const found = document.elementFromPoint(x, y)
      if (!found) problems.push(`${name}: outline ${side} is off screen`)
      else if (!element.contains(found) && !found.contains(element))
        problems.push(`${name}: outline ${side} covered by ${found.tagName}.${found.className}`)
    }
    return problems
  })
}

/**
 * Pointer targets smaller than 24 × 24 CSS px, overlapping another target of the list, or covered
 * at their centre by something else (WCAG 2.5.8, without its spacing exception).
 */
export async function targetSizeProblems(targets: Locator, minimum = 24): Promise<string[]> {
  return targets.evaluateAll((elements, min) => {
    const problems: string[] = []
    const boxes = elements.map((element) => element.getBoundingClientRect())
    elements.forEach((element, index) => {
      const name = element.getAttribute('aria-label') ?? element.getAttribute('title') ?? element.tagName
      const box = boxes[index]!
      if (box.width < min - 0.01 || box.height < min - 0.01)
        problems.push(`${name}: ${box.width.toFixed(1)} × ${box.height.toFixed(1)} px`)
      boxes.forEach((other, otherIndex) => {
        if (otherIndex <= index) return
        const overlap =
          Math.max(0, Math.min(box.right, other.right) - Math.max(box.left, other.left)) *
          Math.max(0, Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top))
        if (overlap > 0.5) problems.push(`${name}: overlaps target ${otherIndex + 1}`)
      })
    })
    // Then each in view in turn: what the pointer finds at its centre must be the target.
    for (const element of elements) {
      element.scrollIntoView({ block: 'center', inline: 'nearest' })
      const box = element.getBoundingClientRect()
      const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      if (!found || !element.contains(found))
        problems.push(
          `${element.getAttribute('title') ?? element.tagName}: its centre is covered by ${found?.tagName}`,
        )
    }
    return problems
  }, minimum)
}

/**
 * The lowest contrast ratio among the elements' text as painted at rest: the text colour with the
 * opacity of the element and its ancestors, over the backgrounds behind it (composited up to the
 * first opaque one). Colours are read through a canvas, so any CSS colour syntax (oklch) counts.
 */
export async function lowestTextContrast(elements: Locator): Promise<{ ratio: number; element: string }> {
  return elements.evaluateAll((nodes) => {
    if (nodes.length === 0) throw new Error('no elements to measure')
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const context = canvas.getContext('2d', { willReadFrequently: true })!
    const rgba = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1)
      context.fillStyle = color
      context.fillRect(0, 0, 1, 1)
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data
      return [r, g, b, a / 255]
    }
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((channel) => top[channel]! * top[3]! + bottom[channel]! * (1 - top[3]!))
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const channel = value / 255
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    let lowest = { ratio: Number.POSITIVE_INFINITY, element: '' }
    for (const node of nodes) {
      let opacity = 1
      const layers: number[][] = []
      for (let element: Element | null = node; element; element = element.parentElement) {
        const style = getComputedStyle(element)
        opacity *= Number(style.opacity)
        const background = rgba(style.backgroundColor)
        if (background[3] > 0) layers.push(background)
        if (background[3] >= 1) break
      }
      const behind = layers.reverse().reduce<number[]>((base, layer) => over(layer, base), [255, 255, 255])
      const text = rgba(getComputedStyle(node).color)
      const painted = over([text[0], text[1], text[2], text[3] * opacity], behind)
      const [light, dark] = [luminance(painted), luminance(behind)].sort((a, b) => b - a)
      const ratio = (light! + 0.05) / (dark! + 0.05)
      if (ratio < lowest.ratio)
        lowest = { ratio, element: node.getAttribute('aria-label') ?? node.textContent ?? node.tagName }
    }
    return lowest
  })
}

/** Nodes of Chromium's accessibility tree whose description repeats their name. */
export async function namesReadTwice(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: {
        ignored?: boolean
        role?: { value?: string }
        name?: { value?: string }
        description?: { value?: string }
      }[]
    }
    return nodes
      .filter((node) => !node.ignored && node.name?.value && node.description?.value === node.name.value)
      .map((node) => `${node.role?.value ?? '?'} "${node.name?.value ?? ''}"`)
  } finally {
    await cdp.detach()
  }
}
