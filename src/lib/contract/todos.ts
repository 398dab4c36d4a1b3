/** An item of the header's to-do list (/api/todo/*). */
export type Todo = { id: number; content: string; done: boolean; createdAt: string };
