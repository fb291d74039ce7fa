import { randomUUID } from 'node:crypto';

/** An email the sandbox "sent": what a test reads instead of a real inbox. */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** One-time codes in the message (email verification). */
  codes: string[];
  /** Links in the message (password reset, activation). */
  links: string[];
  sentDate: string;
}

export class Mailbox {
  private messages: MailMessage[] = [];

  constructor(private readonly nowMs: () => number) {}

  send(
    message: Omit<MailMessage, 'id' | 'sentDate' | 'codes' | 'links'> &
      Partial<Pick<MailMessage, 'codes' | 'links'>>,
  ): MailMessage {
    const sent: MailMessage = {
      id: randomUUID(),
      to: message.to.toLowerCase(),
      subject: message.subject,
      text: message.text,
      codes: message.codes ?? [],
      links: message.links ?? [],
      sentDate: new Date(this.nowMs()).toISOString(),
    };
    this.messages.push(sent);
    return sent;
  }

  /** Messages to an address (case-insensitive), oldest first; every message when `to` is not given. */
  list(to?: string): MailMessage[] {
    const wanted = to?.trim().toLowerCase();
    return this.messages.filter((m) => wanted === undefined || m.to === wanted).map((m) => ({ ...m }));
  }

  clear(): void {
    this.messages = [];
  }
}
