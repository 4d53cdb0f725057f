/**
 * The signed-client kind of a tenant's app back end: what it sends (accounts, cars, invitations, relations)
 * and the route plans it asks for go through routes registered with this kind.
 */
export const APP_BACKEND_CLIENT = 'app_backend';
