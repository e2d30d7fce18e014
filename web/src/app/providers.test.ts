import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './providers';

const cut = () => Promise.reject(new TypeError('Failed to fetch'));

afterEach(() => onlineManager.setOnline(true));

describe('the query client, while the browser says it is offline', () => {
  it('fails a save at once, as a cut connection, instead of showing "Saving..." until it is back', async () => {
    onlineManager.setOnline(false);
    const observer = new MutationObserver(createQueryClient(), { mutationFn: cut });
    void observer.mutate().catch(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    expect(observer.getCurrentResult().isPaused).toBe(false);
  });

  it('fails a read at once, for its page to say so, instead of loading until it is back', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    void client.fetchQuery({ queryKey: ['offline'], queryFn: cut, retry: false }).catch(() => undefined);
    await vi.waitFor(() => expect(client.getQueryState(['offline'])?.status).toBe('error'));
    expect(client.getQueryState(['offline'])?.fetchStatus).toBe('idle');
  });
});
