import { ExternalLink, Phone } from 'lucide-react';

import { Button } from '../../components/ui/button';
import contacts from '../../content/contacts.json';

type Contact = { name: string; role: string; helpUrl: string; phone?: string };

export function ContactsPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight text-brand-900">{contacts.title}</h1>
      <p className="mt-3 text-lg text-slate-600">{contacts.intro}</p>
      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        {(contacts.contacts as Contact[]).map((contact) => (
          <article key={contact.name} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold">{contact.name}</h2>
            <p className="mt-1 flex-1 text-slate-600">{contact.role}</p>
            {contact.phone && (
              <p className="mt-3 flex items-center gap-2 text-slate-700">
                <Phone className="h-4 w-4" aria-hidden />
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                  {contact.phone}
                </a>
              </p>
            )}
            <Button asChild variant="outline" size="sm" className="mt-4 self-start">
              <a href={contact.helpUrl} target="_blank" rel="noopener noreferrer">
                Help <ExternalLink className="h-3.5 w-3.5" aria-hidden />
              </a>
            </Button>
          </article>
        ))}
      </div>
    </div>
  );
}
