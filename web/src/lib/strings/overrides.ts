/** Strings of location overrides: a site's own frequency for a service, or the service disabled there. */
export const overrides = {
  overridesTitle: "Location Overrides",
  overrideAdd: "Add Location Override",
  overrideInformation: "Location Override",
  overrideNone: "No location overrides yet.",
  overrideDisabledForLocation: "Disabled For Location",
  overrideFrequency: "Override Frequency",
  overrideDisabledShort: "Disabled at this site",
  overrideNeedsChange: "Disable the service here or give it a frequency.",
  overrideNoneLeft: "Every service type already has an override at this site.",
  overrideReadNeeded: "Viewing location overrides needs permission to view sites.",
  overrideReadOnly: "Changing location overrides needs permission to change sites.",
};
