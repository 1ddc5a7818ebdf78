import type { MemberTicketDto, StaffTicketDto, ThreadPage, ThreadSlice, TicketMemberContextDto } from '../contracts/support';

/** A person as the users read model knows them now. */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * What the support service reads from the read models (answered by the context module with
 * the projections' queries; the application never imports projections). A member's reads
 * take the member's id and answer nothing for anyone else's ticket.
 */
export interface SupportReads {
  memberTickets(memberId: string): Promise<MemberTicketDto[]>;
  /** One page of a thread: undefined when the ticket is not the member's, null when the cursor is not one of its messages. */
  memberMessages(memberId: string, ticketId: string, page: ThreadPage): Promise<ThreadSlice | null | undefined>;
  memberUnreadCount(memberId: string): Promise<number>;
  /** Staff: every live ticket, newest first. */
  tickets(): Promise<StaffTicketDto[]>;
  ticket(ticketId: string): Promise<StaffTicketDto | undefined>;
  /** One page of a live ticket's thread: undefined for no such ticket, null for a cursor that is not one of its messages. */
  messages(ticketId: string, page: ThreadPage): Promise<ThreadSlice | null | undefined>;
  person(userId: string): Promise<Person | undefined>;
  memberContext(userId: string): Promise<TicketMemberContextDto | undefined>;
}
