import { ContactForm } from '@web/shared/contact/contact-form';
import { useStoreInfo } from '@web/shared/store/get-store-info';

export function ContactPage() {
  const { contact, brand } = useStoreInfo();
  return (
    <div className="grid gap-10 py-6 lg:grid-cols-2">
      <div>
        <h1 id="contact-heading" className="text-3xl font-bold">
          Contact Us
        </h1>
        <p className="mt-1 text-lg text-base-content/70">Stay Connected with Us</p>
        <p className="mt-6">
          Questions about a part, an order or a delivery? Write to {brand} and our team answers within one
          working day.
        </p>
        <address className="mt-6 space-y-1 not-italic">
          {contact.address ? <p>{contact.address}</p> : null}
          {contact.phone ? <p>Phone: {contact.phone}</p> : null}
          {contact.email ? (
            <p>
              Email:{' '}
              <a className="link" href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
            </p>
          ) : null}
        </address>
      </div>
      <div className="card bg-base-200">
        <div className="card-body">
          <ContactForm idPrefix="contact" />
        </div>
      </div>
    </div>
  );
}
