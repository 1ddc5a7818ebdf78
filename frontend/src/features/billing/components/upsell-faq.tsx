import { monthlyAllowances } from '@contracts/allowances';

const pro = monthlyAllowances.pro;

/** Spec §2/§9: quick answers to what members ask before paying. */
const faqs: { question: string; answer: string }[] = [
  {
    question: 'Can I cancel any time?',
    answer: 'Yes. Open Manage Subscription on your profile and cancel; you keep Pro until the end of the month you paid for.',
  },
  {
    question: 'Can I get a refund?',
    answer: 'Yes, within 7 days of paying: contact support and we will refund you.',
  },
  {
    question: 'What happens to my credits when I upgrade?',
    answer: `Your Pro allowances apply at once for the current month: ${pro.idea} idea sets, ${pro.plan} action plans, ${pro.milestone} milestone credits and ${pro.help} help requests.`,
  },
  {
    question: 'How do I pay?',
    answer: 'By card, on our payment provider’s secure checkout page. Skilly never sees your card number.',
  },
];

export function UpsellFaq() {
  return (
    <section className="upsell-section" aria-labelledby="upsell-faq-title">
      <h2 id="upsell-faq-title">Quick answers</h2>
      <dl className="upsell-faq">
        {faqs.map(({ question, answer }) => (
          <div key={question} className="upsell-faq-item">
            <dt>{question}</dt>
            <dd>{answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
