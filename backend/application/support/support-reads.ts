import type { MemberTicketDto, StaffTicketDto, TicketMemberContextDto, TicketMessageDto } from '../contracts/support';

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
  memberMessages(memberId: string, ticketId: string): Promise<TicketMessageDto[] | undefined>;
  memberUnreadCount(memberId: string): Promise<number>;
  /** Staff: every live ticket, newest first. */
  tickets(): Promise<StaffTicketDto[]>;
  ticket(ticketId: string): Promise<StaffTicketDto | undefined>;
  messages(ticketId: string): Promise<TicketMessageDto[] | undefined>;
  person(userId: string): Promise<Person | undefined>;
  memberContext(userId: string): Promise<TicketMemberContextDto | undefined>;
}
