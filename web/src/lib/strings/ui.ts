/** Strings of the shared components: search, lists, dialogs and the leave-page guard. */
export const ui = {
  search: "Search",
  seeMore: "See More",
  close: "Close",
  cancel: "Cancel",
  ok: "Ok",
  leave: "Leave",
  leavePageTitle: "Leave page?",
  leavePageText: "Your current changes will be discarded.",
  loading: "Loading...",
  pickerEarlierYears: "Earlier years",
  pickerLaterYears: "Later years",
  pickerYearPage: "{first} to {last}",
  pickerHour: "{value} hour",
  pickerHours: "{value} hours",
  pickerMinute: "{value} minute",
  pickerMinutes: "{value} minutes",
};
