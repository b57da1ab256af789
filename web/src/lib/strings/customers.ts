/** Strings of customers: the list, the form, and choosing a site's customer. */
export const customers = {
  customer: "Customer",
  noCustomer: "No customer",
  customerNotOnDevice: "A customer not on this device",
  selectCustomer: "Select Customer",
  selectCustomerFor: "Select Customer for {site}",
  selectCustomerNeedsPermission: "Choosing a site's customer needs permission to change sites.",
  removeCustomer: "Remove Customer",
  customersNotAvailable:
    "Customers are not available: they need the organisation's Billing feature with billing shown, and permission to view sites.",
  addCustomer: "Add Customer",
  addCustomerNeedsPermission: "Adding a customer needs permission to change sites.",
  customerInformation: "Customer Information",
  chooseCustomer: "Choose a customer from the list, or add one.",
  accountNumber: "Account Number",
  accountNumberOffline:
    "Could not generate unique account number. Device must be connected to the internet. An account number can still be entered manually.",
  accountNumberFailed: "Could not generate unique account number. Please try again later or enter an account number manually.",
  customerAdded: "Customer added",
  customerSaved: "Customer saved",
  noCustomerSites: "This customer has no sites yet.",
  noCustomersYet: "No customers yet.",
  noCustomersMatch: "No customers match this search.",
  customerNotFound: "This customer is not on this device.",
};
