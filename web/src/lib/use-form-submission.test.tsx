import { Dropdown } from '@carbon/react';
import { TextInput } from '../components/text-fields';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ToastProvider } from '../components/toasts/toast-provider';
import { ApiError } from './api-error';
import { FORM_ERRORS_TOAST, useFormSubmission } from './use-form-submission';

const schema = z.object({
  colour: z.enum(['red', 'blue'], { message: 'Choose a colour' }),
  name: z.string().min(1, 'Name is required'),
  email: z.email('Enter a valid e-mail address'),
});
type Values = z.infer<typeof schema>;
const FIELDS = ['colour', 'name', 'email'] as const;

/** A small form built the way the app's dialogs are: Carbon fields, errorProps, formRef, run. */
function Harness({ initial, save }: { initial: Partial<Values>; save: (values: Values) => Promise<void> }) {
  const [values] = useState(initial);
  const { errorProps, formError, formRef, run } = useFormSubmission(FIELDS, 'Failed to save');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void run(schema.safeParse(values), save);
      }}
    >
      <div ref={formRef}>
        {formError && <p>{formError}</p>}
        <Dropdown
          id="colour"
          titleText="Colour"
          label="Choose"
          items={['red', 'blue']}
          initialSelectedItem={values.colour ?? null}
          {...errorProps('colour')}
        />
        <TextInput id="name" labelText="Name" defaultValue={values.name} {...errorProps('name')} />
        <TextInput id="email" labelText="Email" defaultValue={values.email} {...errorProps('email')} />
      </div>
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(
  initial: Partial<Values>,
  save: (values: Values) => Promise<void> = vi.fn(async () => undefined),
) {
  render(
    <ToastProvider>
      <Harness initial={initial} save={save} />
    </ToastProvider>,
  );
  return save;
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useFormSubmission: the form-level rule of spec 5', () => {
  it('moves the focus to the only invalid field and shows "Please fix the errors in the form"', async () => {
    const save = renderForm({ colour: 'red', name: 'Ada', email: 'not-an-address' });
    await submit();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Please fix the errors in the form')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('focuses the first invalid field in the order of the form, a dropdown included', async () => {
    renderForm({ name: '', email: 'x' });
    await submit();
    expect(screen.getByRole('combobox', { name: /Colour/ })).toHaveFocus();
  });

  it('closes the message after 5 seconds', async () => {
    vi.useFakeTimers();
    renderForm({ colour: 'red', name: '', email: 'ada@example.org' });
    await submit();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByText(FORM_ERRORS_TOAST.title)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText(FORM_ERRORS_TOAST.title)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText(FORM_ERRORS_TOAST.title)).not.toBeInTheDocument();
  });

  it('saves a valid form without the message', async () => {
    const save = renderForm({ colour: 'blue', name: 'Ada', email: 'ada@example.org' });
    await submit();
    expect(save).toHaveBeenCalledWith({ colour: 'blue', name: 'Ada', email: 'ada@example.org' });
    expect(screen.queryByText(FORM_ERRORS_TOAST.title)).not.toBeInTheDocument();
  });

  it('takes the user to a field the server refused, with the server message and no form-level toast', async () => {
    renderForm({ colour: 'blue', name: 'Ada', email: 'ada@example.org' }, async () => {
      throw new ApiError(409, 'CONFLICT', 'A member with this e-mail exists', {
        fields: [{ field: 'email', message: 'Already taken' }],
      });
    });
    await submit();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByText('Already taken')).toBeInTheDocument();
    expect(screen.queryByText(FORM_ERRORS_TOAST.title)).not.toBeInTheDocument();
  });

  it('takes the message away once a submit finds the fields right', async () => {
    const nameSchema = z.object({ name: z.string().min(1, 'Name is required') });
    const save = vi.fn(async () => undefined);
    function NameForm() {
      const [name, setName] = useState('');
      const { errorProps, formRef, run } = useFormSubmission(['name'], 'Failed to save');
      return (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run(nameSchema.safeParse({ name }), save);
          }}
        >
          <div ref={formRef}>
            <TextInput
              id="name"
              labelText="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              {...errorProps('name')}
            />
          </div>
          <button type="submit">Save</button>
        </form>
      );
    }
    render(
      <ToastProvider>
        <NameForm />
      </ToastProvider>,
    );
    await submit();
    expect(screen.getByText(FORM_ERRORS_TOAST.title)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    await submit();
    expect(save).toHaveBeenCalledWith({ name: 'Ada' });
    expect(screen.queryByText(FORM_ERRORS_TOAST.title)).not.toBeInTheDocument();
  });

  it('takes the message away when the form goes (a dialog cancelled)', async () => {
    const view = render(
      <ToastProvider>
        <Harness initial={{ colour: 'red', name: '', email: 'ada@example.com' }} save={vi.fn()} />
      </ToastProvider>,
    );
    await submit();
    expect(screen.getByText(FORM_ERRORS_TOAST.title)).toBeInTheDocument();
    // At once, not when the message's own 5 seconds are up.
    view.rerender(<ToastProvider>{null}</ToastProvider>);
    expect(screen.queryByText(FORM_ERRORS_TOAST.title)).not.toBeInTheDocument();
  });
});
