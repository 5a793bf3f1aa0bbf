// The app's real outbox, sender and HTTP client, exposed to the benchmark's page.evaluate.
import { apiRequest } from '../../src/api/http';
import { tokenStore } from '../../src/api/token-store';
import { appDatabase, appDatabaseRelaxed } from '../../src/offline/db';
import { enqueueAnswer, outboxSnapshot } from '../../src/offline/outbox';
import { createOutboxSender, sendSyncAnswer } from '../../src/offline/outbox-sender';

Object.assign(window, {
  bench: {
    apiRequest,
    tokenStore,
    appDatabase,
    appDatabaseRelaxed,
    enqueueAnswer,
    outboxSnapshot,
    createOutboxSender,
    sendSyncAnswer,
  },
});
document.body.dataset.ready = 'true';
