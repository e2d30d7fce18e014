import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { IdentifierInputBody, IdentifierItem } from '../api/identifier-types';
import { IdentifierForm } from './identifier-form';
import { useIdentifierForm } from './use-identifier-form';
import { useIdentifierSubmit } from './use-identifier-submit';

function Harness({
  onValid,
  inDialog = false,
}: {
  onValid: (body: IdentifierInputBody) => void;
  /** As in the create and edit dialogs: the action is the dialog's, outside the form. */
  inDialog?: boolean;
}) {
  const form = useIdentifierForm();
  const { formRef, submit } = useIdentifierSubmit(
    form,
    async (body) => {
      onValid(body);
      return { id: 'saved' } as IdentifierItem;
    },
    'Failed to create identifier',
    () => undefined,
  );
  return (
    <IdentifierForm
      form={form}
      formRef={formRef}
      idPrefix="test"
      detection
      onSubmit={() => void submit()}
      actions={inDialog ? undefined : <button type="submit">Create</button>}
    />
  );
}

function setup({ inDialog = false } = {}) {
  const onValid = vi.fn();
  const user = userEvent.setup();
  render(<Harness onValid={onValid} inDialog={inDialog} />);
  const chooseType = (type: string) => user.selectOptions(screen.getByLabelText('Type of identifier'), type);
  const submit = () => user.click(screen.getByRole('button', { name: 'Create' }));
  return { user, onValid, chooseType, submit };
}

const SUMMARY = 'Please correct the errors in the form';

describe('identifier form', () => {
  it('asks for a type first, with the summary', async () => {
    const { submit, onValid } = setup();
    expect(screen.queryByLabelText('Email Address')).not.toBeInTheDocument();
    await submit();
    expect(screen.getByText('Please select an identifier type')).toBeInTheDocument();
    expect(screen.getByText(SUMMARY)).toBeInTheDocument();
    expect(screen.getByLabelText('Type of identifier')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('says a required field is required on submit, not on blur', async () => {
    const { user, chooseType, submit } = setup();
    await chooseType('email');
    await user.click(screen.getByLabelText('Email Address'));
    await user.tab();
    expect(screen.queryByText('Email Address is required')).not.toBeInTheDocument();
    await submit();
    expect(screen.getByText('Email Address is required')).toBeInTheDocument();
    expect(screen.getByText(SUMMARY)).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toHaveFocus();
  });

  it('gives the blur message on leaving a field and the specific message on submit', async () => {
    const { user, chooseType, submit } = setup();
    await chooseType('email');
    await user.type(screen.getByLabelText('Email Address'), 'not an email');
    await user.tab();
    expect(screen.getByText('Invalid email address format')).toBeInTheDocument();
    expect(screen.queryByText(SUMMARY)).not.toBeInTheDocument();
    await submit();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText(SUMMARY)).toBeInTheDocument();
  });

  it('retires a message once the value is edited, and the summary with the last one', async () => {
    const { user, chooseType, submit, onValid } = setup();
    await chooseType('email');
    await submit();
    await user.type(screen.getByLabelText('Email Address'), 'scam@example.org');
    expect(screen.queryByText('Email Address is required')).not.toBeInTheDocument();
    expect(screen.queryByText(SUMMARY)).not.toBeInTheDocument();
    await submit();
    expect(onValid).toHaveBeenCalledWith({ type: 'email', data: { address: 'scam@example.org' } });
  });

  it('checks phone, bank, wallet and zelle fields with the spec 5 messages', async () => {
    const { user, chooseType, submit } = setup();
    await chooseType('phone');
    await user.type(screen.getByLabelText('Country Code'), '12345');
    await user.type(screen.getByLabelText('Phone Number'), '12-34');
    await user.tab();
    expect(screen.getByText('Invalid phone number format')).toBeInTheDocument();
    await submit();
    expect(screen.getByText('Country code must be 1-4 digits (e.g., +1)')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();

    await chooseType('bank_account');
    await user.type(screen.getByLabelText('Account Number'), '12');
    await user.type(screen.getByLabelText('Routing Number (optional)'), '1234');
    await submit();
    expect(screen.getByText('Bank Name is required')).toBeInTheDocument();
    expect(screen.getByText('Account Name is required')).toBeInTheDocument();
    expect(screen.getByText('Account Number format is invalid')).toBeInTheDocument();
    expect(screen.getByText('Routing number must be 9 digits')).toBeInTheDocument();

    await chooseType('crypto_wallet');
    await user.type(screen.getByLabelText('Wallet Address'), 'too-short');
    await submit();
    expect(screen.getByText('Network is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid wallet address')).toBeInTheDocument();

    await chooseType('zelle');
    expect(screen.getByLabelText('Identifier Type')).toHaveValue('');
    await submit();
    expect(screen.getByText('Zelle identifier is required')).toBeInTheDocument();
  });

  it('resets the fields and their messages when the type changes', async () => {
    const { user, chooseType, submit } = setup();
    await chooseType('email');
    await user.type(screen.getByLabelText('Email Address'), 'kept@example.org');
    await chooseType('social_media');
    await submit();
    expect(screen.getByText('Platform is required')).toBeInTheDocument();
    await chooseType('email');
    expect(screen.getByLabelText('Email Address')).toHaveValue('');
    expect(screen.queryByText('Platform is required')).not.toBeInTheDocument();
    expect(screen.queryByText(SUMMARY)).not.toBeInTheDocument();
  });

  it('offers the type detected in pasted text and fills the form with it', async () => {
    const { user } = setup();
    const detect = screen.getByLabelText('Detect from text');
    await user.type(detect, 'hello');
    expect(screen.getByText('No identifier type detected. Choose the type below.')).toBeInTheDocument();
    await user.clear(detect);
    await user.type(detect, 'scam@example.org');
    expect(screen.getByRole('status')).toHaveTextContent('Detected: Email (confidence 1.00)');
    await user.click(screen.getByRole('button', { name: 'Use' }));
    expect(screen.getByLabelText('Type of identifier')).toHaveValue('email');
    expect(screen.getByLabelText('Email Address')).toHaveValue('scam@example.org');
    expect(detect).toHaveValue('');

    await user.type(detect, '(555) 123-4567');
    expect(screen.getByRole('status')).toHaveTextContent('Detected: Phone (confidence 0.90)');
    await user.click(screen.getByRole('button', { name: 'Use' }));
    expect(screen.getByLabelText('Country Code')).toHaveValue('+1');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('5551234567');
  });

  it('sends the form on Enter in a field, in a dialog whose action is outside it', async () => {
    const { user, chooseType, onValid } = setup({ inDialog: true });
    await chooseType('email');
    await user.type(screen.getByLabelText('Email Address'), 'scam@example.org{Enter}');
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0][0]).toMatchObject({ type: 'email', data: { address: 'scam@example.org' } });
  });

  it('uses the detected type on Enter in "Detect from text", without sending the form', async () => {
    const { user, onValid } = setup({ inDialog: true });
    await user.type(screen.getByLabelText('Detect from text'), 'scam@example.org{Enter}');
    expect(screen.getByLabelText('Type of identifier')).toHaveValue('email');
    expect(screen.getByLabelText('Email Address')).toHaveValue('scam@example.org');
    await user.type(screen.getByLabelText('Detect from text'), 'hello{Enter}');
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.queryByText(SUMMARY)).not.toBeInTheDocument();
  });
});
