// What the programs feature offers the others; anything not named here is its own.
export { practiceExportQuery, toPracticeDto } from "./queries/practice";
export { getProgramRow, programsExport } from "./queries/programs";
export { type ProgramSearchHit, programSearchResults, programSearchStatements } from "./search";
