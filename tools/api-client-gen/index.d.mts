/** The types module of `document`, as openapi-typescript prints it (without its own comment header). */
export function typesOfDocument(document: object): Promise<string>;
