// Where the API lives on a Yieldgrid origin: the dashboard's typed client and the pages that name an
// endpoint build their paths on it, so no UI code writes it by hand.

/** The path every API operation is relative to (the OpenAPI document's server URL). */
export const API_BASE_PATH = "/api/v1";
