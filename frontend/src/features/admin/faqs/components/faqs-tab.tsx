import './faqs-tab.css';
import { Button, Card, Classes, FormGroup, InputGroup, NonIdealState, Tag, TextArea } from '@blueprintjs/core';
import type { FaqDto } from '@contracts/faqs';
import { useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminFaqs, useDeleteFaq, useSaveFaq } from '../api/admin-faqs';

type Form = { question: string; answer: string; orderIndex: string };
const emptyForm: Form = { question: '', answer: '', orderIndex: '0' };

/** §5: the display order parsed as an integer, 0 when it is not one. */
export const parseOrder = (value: string) => {
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : 0;
};

/**
 * The admin FAQs tab (back-office §2, §5, §8): a form (Question, Answer, Display Order, lower
 * numbers first) titled 'Add New FAQ' or 'Edit FAQ', and the FAQs in display order with Edit and Delete.
 */
export default function FaqsTab() {
  const faqs = useAdminFaqs();
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState<Form>(emptyForm);
  const reset = () => {
    setEditing(null);
    setForm(emptyForm);
  };
  const save = useSaveFaq({ onSaved: reset });
  const remove = useDeleteFaq();
  const canSave = form.question.trim() !== '' && form.answer.trim() !== '';

  const edit = (faq: FaqDto) => {
    setEditing(faq.id);
    setForm({ question: faq.question, answer: faq.answer, orderIndex: String(faq.orderIndex) });
  };

  let list;
  if (faqs.isPending) list = <div className={`${Classes.SKELETON} faqs-tab-skeleton`} style={{ height: 120 }} data-testid="faqs-loading" />;
  else if (faqs.isError) list = <LoadFailure title="Could not load the FAQs" description={errorMessage(faqs.error, 'Please try again.')} query={faqs} />;
  else if (faqs.data.length === 0) list = <NonIdealState icon="help" title="No FAQs yet" />;
  else
    list = (
      <ul className="faqs-tab-list">
        {faqs.data.map((faq) => (
          <li key={faq.id}>
            <Card className="faqs-tab-item" data-testid="admin-faq">
              <h4>{faq.question}</h4>
              <p>{faq.answer}</p>
              <div className="faqs-tab-actions">
                <Tag minimal>Order {faq.orderIndex}</Tag>
                <Button small icon="edit" text="Edit" onClick={() => edit(faq)} />
                <Button
                  small
                  icon="trash"
                  intent="danger"
                  text="Delete"
                  loading={remove.isPending && remove.variables === faq.id}
                  onClick={() => {
                    if (!window.confirm('Delete this FAQ?')) return;
                    if (editing === faq.id) reset();
                    remove.mutate(faq.id);
                  }}
                />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="faqs-tab">
      <Card>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSave) return;
            save.mutate({ id: editing, fields: { question: form.question.trim(), answer: form.answer.trim(), orderIndex: parseOrder(form.orderIndex) } });
          }}
        >
          <h3>{editing === null ? 'Add New FAQ' : 'Edit FAQ'}</h3>
          <FormGroup label="Question" labelFor="faq-question">
            <InputGroup id="faq-question" value={form.question} maxLength={500} onChange={(e) => setForm({ ...form, question: e.target.value })} />
          </FormGroup>
          <FormGroup label="Answer" labelFor="faq-answer">
            <TextArea id="faq-answer" fill rows={5} value={form.answer} maxLength={10000} onChange={(e) => setForm({ ...form, answer: e.target.value })} />
          </FormGroup>
          <FormGroup label="Display Order" labelFor="faq-order" helperText="lower numbers first">
            <InputGroup id="faq-order" type="number" step={1} value={form.orderIndex} onChange={(e) => setForm({ ...form, orderIndex: e.target.value })} />
          </FormGroup>
          <div className="faqs-tab-actions">
            <Button type="submit" intent="primary" text={editing === null ? 'Add FAQ' : 'Update FAQ'} disabled={!canSave} loading={save.isPending} />
            {editing !== null ? <Button text="Cancel Edit" onClick={reset} /> : null}
          </div>
        </form>
      </Card>
      <section aria-label="FAQs">{list}</section>
    </div>
  );
}
