export {
  LOCALES,
  LOCALE_NAMES,
  activateLocale,
  activeLocale,
  i18n,
  isLocale,
  loadNamespace,
  preferredLocale,
  setLocale,
  t,
  useLocale,
  useT,
  type Locale,
} from './i18n'
export { RichText } from './rich-text'
