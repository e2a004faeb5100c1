/** Where the visitor's cookie choice is kept (localStorage). */
export const CONSENT_KEY = 'cookieConsent';
/** The random id the server gave this browser with its first choice; sent with any later one. */
export const VISITOR_KEY = 'cookieConsentVisitor';
