// Other features use nothing of the documents: the planning reads a session's convocations through the
// contract (reservations/components/ConvocationLinks.tsx), so the two features no longer use each other.
export {};
