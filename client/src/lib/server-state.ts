/**
 * The `<script type="application/json">` a server-rendered page carries its query answers in
 * (entry-server.tsx writes it, main.tsx reads it). A data block, not script: the CSP allows it.
 */
export const QUERY_STATE_ELEMENT_ID = '__QUERY_STATE__';
