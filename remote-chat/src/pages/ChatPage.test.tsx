import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@oncodesk/shared';
import { chatApi, patientsApi } from '@oncodesk/shared/api';
import type { ChatMessage } from '@oncodesk/shared/contracts';
import ChatPage from './ChatPage';
import { CHAT_ID, OTHER_CHAT_ID, chat, initChatI18n, message, renderAt } from '../test/setup';

// The server is replaced here (its routes have their own tests): these tests are about what the page shows and sends.
jest.mock('@oncodesk/shared/api', () => ({
  ...jest.requireActual('@oncodesk/shared/api'),
  chatApi: {
    settings: jest.fn(),
    create: jest.fn(),
    list: jest.fn(),
    rename: jest.fn(),
    remove: jest.fn(),
    history: jest.fn(),
    post: jest.fn(),
    patch: jest.fn(),
    feedback: jest.fn(),
    qualify: jest.fn(),
    unqualify: jest.fn(),
    streamUrl: () => '/api/chat/message/stream',
  },
  patientsApi: { get: jest.fn() },
}));
const api = chatApi as unknown as Record<Exclude<keyof typeof chatApi, 'streamUrl'>, jest.Mock>;

const question = (content: string, over: Partial<ChatMessage> = {}) => message({ role: 'user', content, ...over });
const trialCitation = { kind: 'trial' as const, id: 'NCT01', label: 'NCT01 · BRAF V600E colorectal', patientId: 'p1', trialId: 'NCT01' };
const answer = (over: Partial<ChatMessage> = {}) =>
  message({ content: 'It matches on:\n- BRAF V600E\n- colorectal cancer', citations: [trialCitation, { kind: 'guideline', id: 'r1', label: 'Encorafenib + cetuximab' }], engine: 'embedded', ...over });

/** Opens conversation CHAT_ID of patient p1 with these messages. */
const openWith = async (messages: ChatMessage[]) => {
  api.history.mockResolvedValue({ chat: chat(), messages });
  renderAt(`/chat/${CHAT_ID}?patientId=p1`, <ChatPage />);
  return screen.findByTestId('conversation');
};
const ask = async (text: string) => {
  await userEvent.type(screen.getByTestId('composer-input'), text);
  await userEvent.click(screen.getByTestId('composer-send'));
};

jest.setTimeout(60_000);
beforeAll(() => initChatI18n());
beforeEach(() => {
  jest.resetAllMocks();
  api.settings.mockResolvedValue({ engine: 'embedded', model: null });
  api.list.mockResolvedValue({ chats: [chat(), chat({ id: OTHER_CHAT_ID, title: 'Trial questions', updatedAt: '2026-11-19T10:00:00.000Z' })] });
  api.history.mockResolvedValue({ chat: chat(), messages: [] });
  (patientsApi.get as jest.Mock).mockResolvedValue({ id: 'p1', name: 'Colon demo', focusArea: 'colon', progress: 1, complete: true, searches: [], createdAt: '', updatedAt: '' });
});

describe('conversations', () => {
  it("lists the patient's conversations with the patient, and keeps the disclaimer visible without a model line", async () => {
    renderAt('/chat?patientId=p1', <ChatPage />);
    const items = await screen.findAllByTestId('chat-item');
    expect(api.list).toHaveBeenCalledWith('p1');
    expect(items.map((i) => within(i).getByTestId('chat-title').textContent)).toEqual(['BRAF options', 'Trial questions']);
    expect(await screen.findByTestId('chat-patient')).toHaveTextContent('Patient: Colon demo');
    expect(screen.getByTestId('chat-disclaimer')).toHaveTextContent("answers only from OncoDesk's sources");
    expect(screen.getByTestId('chat-disclaimer')).toHaveTextContent('not medical advice');
    await waitFor(() => expect(api.settings).toHaveBeenCalled());
    expect(screen.queryByTestId('chat-model')).not.toBeInTheDocument();
    await userEvent.click(within(items[1]).getByTestId('chat-open'));
    expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${OTHER_CHAT_ID}?patientId=p1`);
    await waitFor(() => expect(api.history).toHaveBeenCalledWith(OTHER_CHAT_ID));
  });

  it('says where patient data goes when a model writes the answers', async () => {
    api.settings.mockResolvedValue({ engine: 'model', model: { name: 'llama3.1:8b', host: 'gpu.hospital.example' } });
    renderAt('/chat', <ChatPage />);
    expect(await screen.findByTestId('chat-model')).toHaveTextContent('Answers are written by the model llama3.1:8b at gpu.hospital.example');
    expect(api.list).toHaveBeenCalledWith(undefined);
  });

  it('says the patient data stays on the server when the model runs inside it', async () => {
    api.settings.mockResolvedValue({ engine: 'model', model: { name: 'llama-3.2-3b-instruct-q4_k_m', host: 'in-process', local: true, queued: 0 } });
    renderAt('/chat', <ChatPage />);
    const line = await screen.findByTestId('chat-model');
    expect(line).toHaveTextContent("Answers are written by the model llama-3.2-3b-instruct-q4_k_m, which runs on this server: the patient's data stays here.");
    expect(line).not.toHaveTextContent('sent there');
  });

  it('"Ask about this" with ?patientId&trialId creates a conversation on the trial, opens it and suggests a question', async () => {
    const created = chat({ id: OTHER_CHAT_ID, title: 'New conversation', context: { trialId: 'NCT01', searchKey: 'global' } });
    api.create.mockResolvedValue(created);
    api.history.mockResolvedValue({ chat: created, messages: [] });
    renderAt('/chat?patientId=p1&trialId=NCT01&searchKey=global', <ChatPage />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${OTHER_CHAT_ID}?patientId=p1`));
    expect(api.create).toHaveBeenCalledTimes(1);
    expect(api.create).toHaveBeenCalledWith({ patientId: 'p1', context: { trialId: 'NCT01', searchKey: 'global' } });
    expect(await screen.findByTestId('composer-input')).toHaveValue('Why does this trial match or not match this patient?');
    expect(api.history).toHaveBeenCalledWith(OTHER_CHAT_ID);
    expect(await screen.findByTestId('chat-context-trial')).toHaveTextContent('Trial NCT01');
    expect(screen.getAllByTestId('chat-item')[0]).toHaveAttribute('data-chat-id', OTHER_CHAT_ID);
  });

  it('"New conversation" creates one for the patient in the URL', async () => {
    api.create.mockResolvedValue(chat({ id: OTHER_CHAT_ID }));
    renderAt('/chat?patientId=p1', <ChatPage />);
    await screen.findAllByTestId('chat-item');
    await userEvent.click(screen.getByTestId('chat-new'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${OTHER_CHAT_ID}?patientId=p1`));
    expect(api.create).toHaveBeenCalledWith({ patientId: 'p1' });
  });

  it('renames a conversation, and deletes the open one after a confirmation', async () => {
    api.rename.mockResolvedValue(chat({ title: 'Encorafenib questions' }));
    api.remove.mockResolvedValue(undefined);
    await openWith([]);
    const [first] = await screen.findAllByTestId('chat-item');
    await userEvent.click(within(first).getByTestId('chat-rename'));
    const input = await screen.findByTestId('chat-rename-input');
    await userEvent.clear(input);
    await userEvent.type(input, 'Encorafenib questions');
    await userEvent.click(screen.getByTestId('chat-rename-ok'));
    await waitFor(() => expect(api.rename).toHaveBeenCalledWith(CHAT_ID, 'Encorafenib questions'));
    await waitFor(() => expect(within(screen.getAllByTestId('chat-item')[0]).getByTestId('chat-title')).toHaveTextContent('Encorafenib questions'));

    await userEvent.click(within(screen.getAllByTestId('chat-item')[0]).getByTestId('chat-delete'));
    expect(api.remove).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByTestId('chat-delete-ok'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(CHAT_ID));
    await waitFor(() => expect(screen.getAllByTestId('chat-item')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/chat\?patientId=p1$/));
  });
});

describe('phone width', () => {
  it('moves the conversation list into a drawer', async () => {
    const real = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...real(query), matches: true })) as typeof window.matchMedia;
    try {
      renderAt('/chat?patientId=p1', <ChatPage />);
      expect(await screen.findByTestId('chat-new')).toBeInTheDocument();
      expect(screen.queryByTestId('chat-sidebar')).not.toBeInTheDocument();
      expect(screen.queryByTestId('chat-list')).not.toBeInTheDocument();
      await userEvent.click(screen.getByTestId('chat-list-open'));
      const items = await screen.findAllByTestId('chat-item');
      await userEvent.click(within(items[1]).getByTestId('chat-open'));
      expect(screen.getByTestId('location')).toHaveTextContent(`/chat/${OTHER_CHAT_ID}?patientId=p1`);
    } finally {
      window.matchMedia = real;
    }
  });
});

describe('messages', () => {
  it('sending a question shows it at once, then the answer with its citation chips; a trial chip opens the trial page', async () => {
    await openWith([]);
    let reply!: (value: unknown) => void;
    api.post.mockReturnValue(new Promise((resolve) => (reply = resolve)));
    await ask('Why does NCT01 match?');
    expect(api.post).toHaveBeenCalledWith({ chatId: CHAT_ID, content: 'Why does NCT01 match?' });
    // waiting: the question shows, the assistant is typing, Stop is there and the composer is free again
    expect(screen.getByTestId('message')).toHaveAttribute('data-role', 'user');
    expect(screen.getByTestId('chat-typing')).toBeInTheDocument();
    expect(screen.getByTestId('composer-stop')).toBeInTheDocument();
    expect(screen.getByTestId('composer-input')).toHaveValue('');

    reply({ userMessage: question('Why does NCT01 match?'), message: answer() });
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
    expect(screen.queryByTestId('chat-typing')).not.toBeInTheDocument();
    const reply2 = screen.getAllByTestId('message')[1];
    expect(reply2).toHaveAttribute('data-role', 'assistant');
    expect(within(reply2).getByTestId('message-content')).toHaveTextContent('It matches on:');
    expect(within(reply2).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['BRAF V600E', 'colorectal cancer']);
    const chips = within(reply2).getAllByTestId('citation');
    expect(chips.map((c) => c.textContent)).toEqual(['[1]NCT01 · BRAF V600E colorectal', '[2]Encorafenib + cetuximab']);
    await userEvent.click(chips[0]);
    expect(screen.getByTestId('navigated')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/clinical-trials/p1/trial/NCT01');
  });

  it('a guideline chip opens the treatment options and an evidence chip opens CIViC in a new tab', async () => {
    const civic = { kind: 'evidence' as const, id: 'EID1', label: 'CIViC EID1', url: 'https://civicdb.org/evidence/1' };
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    await openWith([question('Options?'), answer({ citations: [civic, { kind: 'guideline', id: 'r1', label: 'Encorafenib + cetuximab' }] })]);
    const [evidence, guideline] = screen.getAllByTestId('citation');
    await userEvent.click(evidence);
    expect(open).toHaveBeenCalledWith('https://civicdb.org/evidence/1', '_blank', 'noopener,noreferrer');
    await userEvent.click(guideline);
    expect(screen.getByTestId('location')).toHaveTextContent('/clinical-trials/p1/recommendations');
    open.mockRestore();
  });

  it('a failure keeps the typed text in the composer and shows the error', async () => {
    await openWith([]);
    api.post.mockRejectedValue(new ApiError(0, 'network', 'Network error'));
    await ask('Is the patient eligible?');
    expect(await screen.findByTestId('chat-error')).toHaveTextContent('Cannot reach the server');
    expect(screen.getByTestId('composer-input')).toHaveValue('Is the patient eligible?');
    expect(screen.queryByTestId('message')).not.toBeInTheDocument();
    expect(screen.getByTestId('composer-send')).toBeEnabled();
  });

  it('Stop leaves the late answer out and keeps the question', async () => {
    await openWith([]);
    let reply!: (value: unknown) => void;
    api.post.mockReturnValue(new Promise((resolve) => (reply = resolve)));
    await ask('Long question');
    await userEvent.click(screen.getByTestId('composer-stop'));
    expect(screen.queryByTestId('chat-typing')).not.toBeInTheDocument();
    expect(screen.getByTestId('composer-send')).toBeInTheDocument();
    const stored = question('Long question');
    reply({ userMessage: stored, message: answer() });
    await waitFor(() => expect(screen.getByTestId('message')).toHaveAttribute('data-message-id', stored.id));
    expect(screen.getAllByTestId('message')).toHaveLength(1);
  });

  it('Enter sends and Shift+Enter starts a new line', async () => {
    await openWith([]);
    api.post.mockResolvedValue({ userMessage: question('a\nb'), message: answer() });
    await userEvent.type(screen.getByTestId('composer-input'), 'a{Shift>}{Enter}{/Shift}b');
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.type(screen.getByTestId('composer-input'), '{Enter}');
    await waitFor(() => expect(api.post).toHaveBeenCalledWith({ chatId: CHAT_ID, content: 'a\nb' }));
  });

  it('shows a declined answer muted, and a failed one with the error and a retry that regenerates it', async () => {
    const q = question('What dose?');
    const failed = answer({ content: '', citations: [], failed: true });
    await openWith([question('Other?'), answer({ content: 'The sources do not say.', citations: [], declined: true }), q, failed]);
    const [, declined, , broken] = screen.getAllByTestId('message');
    expect(declined).toHaveAttribute('data-declined', 'true');
    expect(broken).toHaveTextContent('There was an error while generating the answer to your question. Please try later.');
    api.patch.mockResolvedValue({ userMessage: q, message: answer({ content: 'Here it is.' }) });
    await userEvent.click(within(broken).getByTestId('message-retry'));
    expect(api.patch).toHaveBeenCalledWith({ messageId: failed.id });
    await waitFor(() => expect(screen.getAllByTestId('message')[3]).toHaveTextContent('Here it is.'));
    expect(screen.getAllByTestId('message')).toHaveLength(4);
  });

  it('the feedback modal refuses to submit without a category, then sends it and shows it on the answer', async () => {
    const a = answer();
    await openWith([question('Why?'), a]);
    await userEvent.click(screen.getByTestId('message-feedback'));
    await userEvent.click(await screen.findByTestId('feedback-submit'));
    expect(await screen.findByTestId('feedback-error')).toHaveTextContent('Please select a category for your feedback');
    expect(api.feedback).not.toHaveBeenCalled();
    api.feedback.mockResolvedValue({ ...a, feedback: { category: 'incorrect', text: 'Wrong line of therapy', at: '2026-11-20T11:00:00.000Z' } });
    await userEvent.click(screen.getByTestId('feedback-category-incorrect'));
    expect(screen.queryByTestId('feedback-error')).not.toBeInTheDocument();
    await userEvent.type(screen.getByTestId('feedback-text'), 'Wrong line of therapy');
    await userEvent.click(screen.getByTestId('feedback-submit'));
    await waitFor(() => expect(api.feedback).toHaveBeenCalledWith({ messageId: a.id, category: 'incorrect', text: 'Wrong line of therapy' }));
    expect(await screen.findByTestId('message-feedback-given')).toHaveTextContent('Feedback: Incorrect');
  });

  it('"Useful" toggles on and off', async () => {
    const a = answer();
    await openWith([question('Why?'), a]);
    const useful = screen.getByTestId('message-qualify');
    expect(useful).toHaveAttribute('aria-pressed', 'false');
    api.qualify.mockResolvedValue({ ...a, qualified: true });
    await userEvent.click(useful);
    expect(api.qualify).toHaveBeenCalledWith(a.id);
    await waitFor(() => expect(screen.getByTestId('message-qualify')).toHaveAttribute('aria-pressed', 'true'));
    api.unqualify.mockResolvedValue({ ...a, qualified: false });
    await userEvent.click(screen.getByTestId('message-qualify'));
    expect(api.unqualify).toHaveBeenCalledWith(a.id);
    await waitFor(() => expect(screen.getByTestId('message-qualify')).toHaveAttribute('aria-pressed', 'false'));
  });

  it('editing a question replaces its answer', async () => {
    const q1 = question('Is BRAF relevant?');
    const a1 = answer({ content: 'Old answer.' });
    const q2 = question('Next question');
    const a2 = answer({ content: 'Second answer.' });
    await openWith([q1, a1, q2, a2]);
    await userEvent.click(within(screen.getAllByTestId('message')[0]).getByTestId('message-edit'));
    const input = screen.getByTestId('message-edit-input');
    await userEvent.clear(input);
    await userEvent.type(input, 'Is KRAS relevant?');
    const newAnswer = answer({ content: 'New answer about KRAS.' });
    api.patch.mockResolvedValue({ userMessage: { ...q1, content: 'Is KRAS relevant?', editedAt: '2026-11-20T12:00:00.000Z' }, message: newAnswer });
    await userEvent.click(screen.getByTestId('message-edit-save'));
    expect(api.patch).toHaveBeenCalledWith({ messageId: q1.id, content: 'Is KRAS relevant?' });
    await waitFor(() => expect(screen.getAllByTestId('message')[1]).toHaveTextContent('New answer about KRAS.'));
    const shown = screen.getAllByTestId('message');
    expect(shown.map((m) => within(m).getByTestId('message-content').textContent)).toEqual(['Is KRAS relevant?', 'New answer about KRAS.', 'Next question', 'Second answer.']);
    expect(shown[0]).toHaveTextContent('edited');
    expect(screen.queryByText('Old answer.')).not.toBeInTheDocument();
  });

  it('regenerates an answer in place', async () => {
    const q = question('Why?');
    const a = answer({ content: 'First try.' });
    await openWith([q, a]);
    api.patch.mockResolvedValue({ userMessage: q, message: answer({ content: 'Second try.' }) });
    await userEvent.click(screen.getByTestId('message-regenerate'));
    expect(api.patch).toHaveBeenCalledWith({ messageId: a.id });
    await waitFor(() => expect(screen.getAllByTestId('message')[1]).toHaveTextContent('Second try.'));
    expect(screen.getAllByTestId('message')).toHaveLength(2);
  });
});

describe('streaming (engine "model")', () => {
  const sse = (chunks: string[]) =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'text/event-stream' } },
    );

  it('posts to the stream URL with the session, shows the answer as it is written, then the stored answer', async () => {
    localStorage.setItem('oncodesk.jwt', JSON.stringify('token-1'));
    api.settings.mockResolvedValue({ engine: 'model', model: { name: 'm', host: 'h' } });
    const q = question('Why?');
    const done = answer({ content: 'Because BRAF.', engine: 'model' });
    const fetchMock = jest.fn().mockResolvedValue(sse([`event: user\ndata: ${JSON.stringify(q)}\n\n`, 'event: delta\ndata: {"text":"Because "}\n\nevent: del', `ta\ndata: {"text":"BRAF."}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`]));
    const realFetch = global.fetch;
    global.fetch = fetchMock;
    try {
      await openWith([]);
      await screen.findByTestId('chat-model');
      await ask('Why?');
      await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('/api/chat/message/stream');
      expect(init.method).toBe('POST');
      expect(init.headers).toMatchObject({ 'content-type': 'application/json', authorization: 'Bearer token-1' });
      expect(JSON.parse(init.body)).toEqual({ chatId: CHAT_ID, content: 'Why?' });
      expect(screen.getAllByTestId('message')[1]).toHaveTextContent('Because BRAF.');
      expect(screen.getAllByTestId('message')[1]).toHaveAttribute('data-message-id', done.id);
      expect(api.post).not.toHaveBeenCalled();
    } finally {
      global.fetch = realFetch;
      localStorage.clear();
    }
  });

  it('while the question waits for the model, says its place in line; then the answer streams', async () => {
    localStorage.setItem('oncodesk.jwt', JSON.stringify('token-1'));
    api.settings.mockResolvedValue({ engine: 'model', model: { name: 'm', host: 'in-process', local: true, queued: 1 } });
    const q = question('Why?');
    const done = answer({ content: 'Because BRAF.', engine: 'model' });
    let push!: (chunk: string | null) => void;
    const body = new ReadableStream({
      start(controller) {
        push = (c) => (c === null ? controller.close() : controller.enqueue(new TextEncoder().encode(c)));
      },
    });
    const realFetch = global.fetch;
    global.fetch = jest.fn().mockResolvedValue(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    try {
      await openWith([]);
      await screen.findByTestId('chat-model');
      await ask('Why?');
      push(`event: user\ndata: ${JSON.stringify(q)}\n\nevent: queued\ndata: {"position":2}\n\n`);
      await waitFor(() => expect(screen.getByTestId('chat-typing')).toHaveTextContent('Waiting for the assistant, which answers one question at a time (place in line: 2)'));
      push('event: queued\ndata: {"position":1}\n\n');
      await waitFor(() => expect(screen.getByTestId('chat-typing')).toHaveTextContent('place in line: 1'));
      push('event: queued\ndata: {"position":0}\n\n');
      await waitFor(() => expect(screen.getByTestId('chat-typing')).toHaveTextContent('The assistant is writing'));
      push(`event: delta\ndata: {"text":"Because BRAF."}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`);
      push(null);
      await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
      expect(screen.getAllByTestId('message')[1]).toHaveTextContent('Because BRAF.');
      expect(screen.queryByTestId('chat-typing')).not.toBeInTheDocument();
    } finally {
      global.fetch = realFetch;
      localStorage.clear();
    }
  });
});
