import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. Deliberately without tailwind-merge (9 KB gzip on the first route):
 * components take extra classes for layout, and variants never need overriding.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs)
}
