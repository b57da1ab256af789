/**
 * Every English string the app shows, in one catalogue (spec wording kept exactly, typos
 * included), and the minimal French set of §1, which has only a word for Sites. Screens read
 * strings through `t(key)`; a key missing in French falls back to English.
 */
const en = {
  // Shell and navigation
  appName: "Fieldtag",
  poweredBy: "Powered By",
  copyright: "© {year} Fieldtag",
  version: "Version {version}",
  sites: "Sites",
  customers: "Customers",
  reports: "Reports",
  schedule: "Schedule",
  settings: "Settings",
  billingPortal: "Billing Portal",
  organization: "Organization",
  preferences: "Preferences",
  users: "Users",
  equipmentTypes: "Equipment Types",
  siteTypes: "Site Types",
  serviceMonthCategories: "Service Month Categories",
  customFields: "Custom Fields",
  imports: "Imports",
  all: "All",
  noSitesYet: "No sites yet. Sites added on a desktop browser show here after the next sync.",
  noSitesMatch: "No sites match this search.",
  logout: "Logout",
  unsentTitle: "Changes not sent yet",
  unsentText:
    "{count} change(s) made on this device have not reached the server yet. Stay signed in until the device is online, or log out and they will be sent at the next sign-in to this organisation on this device.",
  staySignedIn: "Stay Signed In",
  siteSelector: "Site",
  navigation: "Navigation",
  alerts: "Alerts",
  menu: "Menu",
  notFound: "This page does not exist.",
  goToSites: "Go to Sites",

  // Sign-in
  email: "Email",
  password: "Password",
  name: "Name",
  companyName: "Company Name",
  plan: "Plan",
  planBasic: "Basic",
  planEnterprise: "Enterprise",
  marketingEmails: "Send me product news and offers",
  agreeToTerms: "I agree to the terms and conditions",
  termsLink: "Terms and Conditions",
  login: "Login",
  loggingIn: "Logging in...",
  loginFailed: "Login Failed",
  credentialsNotValid: "Credentials are not valid",
  noAccount: "Don't have an account? Sign Up",
  haveAccount: "Already have an account? Login",
  forgotPassword: "Forgot Password",
  signUp: "Sign Up",
  signingUp: "Signing up...",
  signUpFailed: "Sign-Up Failed. Ensure the email is not already is use.",
  fillAllFields: "Please fill out all fields",
  mustAgreeToTerms: "You must agree to the terms and conditions",
  emailNotValid: "Email is not valid",
  enterEmail: "Enter your email address",
  sendResetLink: "Send Reset Link",
  resetLinkSent: "If this email matched an account, a link was sent to reset your password.",
  backToLogin: "Back to Login",
  setPassword: "Set Password",
  newPassword: "New Password",
  passwordSet: "Your password is set. You can now log in.",
  setPasswordFailed: "The link is not valid or has expired",
  linkIncomplete: "This link is incomplete: it needs both a user and a token.",
  welcome: "Welcome to Fieldtag",
  welcomeText: "Your organisation is ready. Start by reviewing your settings.",
  goToSettings: "Go to Settings",
  apiBaseUrl: "Server address",
  apiBaseUrlHelp: "Leave empty to use this site's server.",

  // Errors (spec §8)
  deviceOffline: "Device is offline",
  serverError: "Server error",
  noMessageFromApi: "No message sent from api",
  refreshTokenDeletedOrFake: "Refresh token deleted or fake",
  syncFailed: "An error happened while syncing",
  crashed: "An error ocurred while trying to show this page.",
  reload: "Reload",
  databaseDestroyed: "database is destroyed",

  // Sync status
  checkingForUpdates: "Checking for updates...",
  upToDateAsOf: "Up to date as of {time}",
  never: "Never",
  syncing: "Syncing",
  syncNow: "Sync Now",
  online: "online",
  offline: "offline",
  syncStatus: "Sync",
  lastDownload: "Last download",
  lastUpload: "Last upload",
  lastTry: "Last try",
  lastTrySucceeded: "succeeded",
  lastTryFailed: "failed",

  // PWA
  newVersion: "A new version of Fieldtag is available.",
  offlineReady: "Fieldtag is ready to work offline.",

  // Settings and profile
  profile: "Profile",
  save: "Save",
  saving: "Saving...",
  profileUpdated: "Successfully updated profile",
  required: "Required",

  // Shared UI
  search: "Search",
  seeMore: "See More",
  close: "Close",
  cancel: "Cancel",
  ok: "Ok",
  leave: "Leave",
  leavePageTitle: "Leave page?",
  leavePageText: "Your current changes will be discarded.",
  loading: "Loading...",

  // Sites and customers (features/sites, features/customers)
  // -- end of sites and customers

  // Equipment list, form and options (features/equipment: list, form, actions)
  // -- end of equipment

  // Services, checklists, history and deficiencies (features/equipment/services)
  // -- end of services

  // Scanning, tag view, swap, replace (features/equipment/barcodes)
  scanButton: "Scan Barcode",
  scanDialogTitle: "Scan Barcode",
  scanBarcodeField: "Barcode",
  scanUseBarcode: "Use Barcode",
  scanHint: "Point the camera at the barcode, or type it and press Enter. A handheld scanner types it for you.",
  scanCameraView: "Camera view",
  scanStartingCamera: "Starting camera...",
  scanCameraDenied: "Camera access was denied. Allow the camera for this site in the browser's settings, or type the barcode below.",
  scanCameraMissing: "No camera was found on this device. Type the barcode below, or use a handheld scanner.",
  scanCameraFailed: "The camera could not be started. Type the barcode below, or use a handheld scanner.",
  scanFoundElsewhere: "Found the equipment at {site}. Switching locations.",
  scanUnknownSite: "another site",
  tagOptions: "Options",
  tagBack: "Back",
  tagScanToMakeChanges: "Scan barcode to make changes",
  tagFailedToLoad: "Current equipment failed to load",
  tagNeedsEquipmentRead: "Viewing equipment needs the equipment read permission.",
  barcodeNeedsEquipmentWrite: "Changing equipment needs the equipment write permission.",
  replaceBarcodeTitle: "Replace Barcode",
  replaceBarcodeHint: "Scan or type the new barcode for {name}.",
  replaceBarcodeTaken: "Equipment already has this barcode",
  replaceBarcodeUpdated: "Updated barcode",
  replaceBarcodeHistory: "Barcode changed from {before} to {after}",
  replaceBarcodeNone: "none",
  replaceEquipmentTitle: "Replace Equipment",
  replaceEquipmentHint: "Scan or type the barcode of the equipment that replaces or swaps with {name}.",
  replaceNotFoundTyped: "Could not find equipment with that barcode",
  replaceNotFoundScanned: "Could not find equipment with the scanned barcode",
  replaceOwnBarcode: "This is the barcode of {name} itself. Scan the other equipment.",
  replaceFoundOther: "Found {other} at {site}.",
  replaceExplained: "Replace: it moves to {site} as {name}, and {current} is removed from service.",
  swapExplained: "Swap: the two exchange sites, and each takes the other's location name.",
  replaceAction: "Replace",
  swapAction: "Swap",
  replaceDone: "Equipment replaced",
  swapDone: "Equipment swapped",
  replaceHistoryBy: "Replaced by {other}",
  replaceHistory: "Replaced {other} at {site}",
  swapHistory: "Swapped with {other} at {site}",
  debugTitle: "Debug",
  debugForceError: "Force error",
  debugForceErrorHint: "Throws while drawing this page, to check the crash page and the log sent to the server.",
  debugForcedError: "Forced error from the debug screen",
  debugSimulateScan: "Simulate scan",
  debugSimulateScanHint: "Runs the scan flow for a barcode at a site, as a camera scan there would.",
  debugSite: "Site",
  debugNoSites: "No sites on this device yet.",
  // -- end of scanning
};

export type StringKey = keyof typeof en;

const fr: Partial<Record<StringKey, string>> = {
  sites: "Sites",
};

const catalogues = { en, fr } as const;
export type Language = keyof typeof catalogues;

let language: Language = "en";

/** Chooses the catalogue from the browser's language; English unless it is French. */
export function setLanguage(next: string): void {
  language = next.toLowerCase().startsWith("fr") ? "fr" : "en";
}

/** The string for `key`, with `{name}` placeholders filled from `values`. */
export function t(key: StringKey, values: Record<string, string | number> = {}): string {
  const text = catalogues[language][key] ?? en[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export const english = en;
