import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { CREATE_FAILED_MESSAGE, readSaveFailure } from './save-failure';

describe('a failed save', () => {
  it('falls back to the spec 8 message', () => {
    expect(CREATE_FAILED_MESSAGE).toBe('Failed to create identifier');
    expect(readSaveFailure(new Error('network'), CREATE_FAILED_MESSAGE).failure).toEqual({
      message: 'Failed to create identifier',
    });
  });

  it('names the existing identifier of a duplicate', () => {
    const error = new ApiError(409, 'CONFLICT', 'An identifier with the same value already exists', {
      existingId: 'id-1',
      fields: [{ field: 'data', message: 'An identifier with the same value already exists' }],
    });
    expect(readSaveFailure(error, CREATE_FAILED_MESSAGE)).toEqual({
      failure: { message: 'An identifier with the same value already exists', existingId: 'id-1' },
      fields: [],
    });
  });

  it('puts field errors beside their fields', () => {
    const fields = [{ field: 'data.address', message: 'Please enter a valid email address' }];
    const error = new ApiError(400, 'VALIDATION_FAILED', 'data.address: Please enter a valid email address', {
      fields,
    });
    expect(readSaveFailure(error, CREATE_FAILED_MESSAGE)).toEqual({ failure: null, fields });
  });

  it('puts a refused reporter beside the Reported by field', () => {
    const fields = [{ field: 'onBehalfOfOriginatorId', message: 'Originator not found' }];
    const error = new ApiError(400, 'VALIDATION_ERROR', 'onBehalfOfOriginatorId: Originator not found', {
      fields,
    });
    expect(readSaveFailure(error, CREATE_FAILED_MESSAGE)).toEqual({ failure: null, fields });
  });

  it("shows the server's message, else the fallback", () => {
    expect(
      readSaveFailure(new ApiError(500, 'INTERNAL', 'Internal server error'), CREATE_FAILED_MESSAGE).failure,
    ).toEqual({
      message: 'Internal server error',
    });
    expect(
      readSaveFailure(new ApiError(400, 'BAD_REQUEST', ''), CREATE_FAILED_MESSAGE).failure?.message,
    ).toBe(CREATE_FAILED_MESSAGE);
    expect(readSaveFailure(new TypeError('boom'), CREATE_FAILED_MESSAGE).failure?.message).toBe(
      CREATE_FAILED_MESSAGE,
    );
  });
});
