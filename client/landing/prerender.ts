// The landing page in index.html (vite.config.ts `prerenderLanding`, at build time): its markup in every
// language, each in a <template>, and index.html's one inline script, which puts the visitor's language
// into #root before the first paint (on `/`) or starts the app shell's download (elsewhere). A first
// visit to `/` paints the page from the HTML alone, without waiting for the entry script; landing.ts
// then adopts what was painted. Not part of the bundle.
import { LANGUAGES, type Language } from "../../worker/shared/rules";
import { es } from "../i18n/es";
import { LANGUAGE_STORAGE_KEY } from "../i18n/language";
import { pickLanguage } from "../i18n/pick-language";
import { activateCatalog, ENGLISH, type ShellCatalog } from "../text";
import { landingHtml } from "./landing";
import { words as enWords } from "./words";
import { words as esWords } from "./words.es";

const CATALOGS: Record<Language, ShellCatalog> = { en: { ...ENGLISH, ...enWords }, es: { ...es, ...esWords } };

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
 * On any other path it starts the download of the app's shell (`appFiles`: its chunk and stylesheets),
 * which the entry would otherwise ask for only once it has run (docs/client.md "Loading").
 */
export const indexInlineScript = (appFiles: string[] = []): string =>
  `(function(){if(location.pathname!=="/"){${appFiles.map(preload).join("")}return}` +
  `var stored=null;try{stored=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
  `var language=(${pickLanguage.toString()})(stored,navigator.languages,${JSON.stringify(LANGUAGES)});` +
  `document.documentElement.lang=language;` +
  `document.getElementById("root")` +
  `.replaceChildren(document.getElementById("landing-"+language).content.cloneNode(true))` +
  `})()`;

/** A statement that adds `<link rel="modulepreload">` (a chunk) or `<link rel="preload" as="style">` (a stylesheet). */
function preload(file: string): string {
  const css = file.endsWith(".css");
  return (
    `var l=document.createElement("link");l.rel=${css ? '"preload";l.as="style"' : '"modulepreload"'};` +
    `l.href=${JSON.stringify(`/${file}`)};document.head.appendChild(l);`
  );
}
