// messages.js — the page's strings in other languages, keyed by the English text.
// GENERATED from po/*.po by scripts/po2js.sh (make update-po): do not edit. The texts
// are the page's t('...') and N_('...') strings, its data-i18n attributes, and the
// game's words it translates from ids (po/web-words.txt: add a word there). Their
// French and Russian are in the catalogues, shared with the command line. What the
// server writes (event texts, record labels) comes from the server, in the language
// the request asks for (Accept-Language), when it has a catalogue for it.
// One module per language (messages-LANG.js); this one gathers them by code.
import * as lang_fr from './messages-fr.js';
import * as lang_ru from './messages-ru.js';

export const catalogues = {
  'fr': lang_fr.catalogue,
  'ru': lang_ru.catalogue,
};

export const plurals = {
  'fr': lang_fr.plural,
  'ru': lang_ru.plural,
};
