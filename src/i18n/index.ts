export {
  LOCALES,
  LOCALE_NAMES,
  activateLocale,
  activeLocale,
  i18n,
  isLocale,
  loadNamespace,
  needsCatalogIndex,
  preferredLocale,
  retryFailedStrings,
  setLocale,
  t,
  useLocale,
  useT,
  type Locale,
} from './i18n'
export { RichText } from './rich-text'
