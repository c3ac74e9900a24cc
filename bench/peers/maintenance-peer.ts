/** Reference peer for row 1: a bare Express 5 app answering the same JSON. */
import express from 'express';

const app = express();
app.get('/api/config/maintenance', (_req, res) => {
  res.set('Cache-Control', 'no-store').json({ maintenance: false });
});
app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
