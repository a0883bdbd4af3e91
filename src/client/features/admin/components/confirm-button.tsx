// The product's one confirmation (issue 41): the admin screens use it as members' screens do.
export { ConfirmButton } from '@client/components/ui/confirm-button';
