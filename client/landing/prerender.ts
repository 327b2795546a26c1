// The landing page in index.html (vite.config.ts `prerenderLanding`, at build time): its markup in every
// language, each in a <template>, and a small inline script that puts the visitor's language into
// #root before the first paint. A first visit to `/` paints the page from the HTML alone, without
// waiting for the entry script; landing.ts then adopts what was painted. Not part of the bundle.
import { LANGUAGES, type Language } from "../../worker/shared/rules";
import { es } from "../i18n/es";
import { LANGUAGE_STORAGE_KEY } from "../i18n/language";
import { pickLanguage } from "../i18n/pick-language";
import { activateCatalog, ENGLISH, type Catalog } from "../text";
import { landingHtml } from "./landing";

const CATALOGS: Record<Language, Catalog> = { en: ENGLISH, es };

/** The templates, one per language, in each language's catalogue. */
export function landingTemplates(): string {
  try {
    return LANGUAGES.map((language) => {
      activateCatalog(CATALOGS[language]);
      return `<template id="landing-${language}">${landingHtml(language)}</template>`;
    }).join("");
  } finally {
    activateCatalog(ENGLISH);
  }
}

/**
 * The inline script (its text; the CSP allows it by hash): on `/` only, the language the app will
 * start in (pickLanguage's own source, the same rule as client/i18n/language.ts), that template in #root.
 */
export const landingScript = (): string =>
  `(function(){if(location.pathname!=="/")return;var stored=null;try{stored=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
  `var language=(${pickLanguage.toString()})(stored,navigator.languages,${JSON.stringify(LANGUAGES)});` +
  `document.documentElement.lang=language;document.getElementById("root").replaceChildren(document.getElementById("landing-"+language).content.cloneNode(true))})()`;
