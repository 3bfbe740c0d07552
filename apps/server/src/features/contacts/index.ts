export { contactsRoutes } from './contacts.routes';
export { type ContactsService, createContactsService } from './contacts.service';
