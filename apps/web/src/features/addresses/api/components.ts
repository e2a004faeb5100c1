/** The address book's public components: the account's list, and checkout's choice among saved addresses. */
export { AddressBook } from '../components/address-book';
export { NEW_ADDRESS, SavedAddressChoice } from '../components/saved-address-choice';
