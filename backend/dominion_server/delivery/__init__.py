"""Turn notifications (issue 22): Web Push and signed webhooks.

The transport modules (``outbound``, ``webpush``, ``webhooks``) make and send
one request each; the outbox modules decide what to send and when.
"""
