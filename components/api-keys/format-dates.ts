// Dates of keys are shown as calendar days in UTC (the same on the server render and in the browser).
const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** 22 Nov 2026 */
export const formatDay = (iso: string) => day.format(new Date(iso));
