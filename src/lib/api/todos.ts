import type { Todo } from '../contract/todos.ts';
import { del, get, post, put } from './client.ts';

/** The header's to-do list (the signed-in user's own). */

export const todoList = () => get<Todo[]>('/api/todo/list');

export const addTodo = (content: string) => post<Todo>('/api/todo/add', { content });

export const updateTodo = (id: number, done: boolean) => put<null>(`/api/todo/update/${id}`, { done });

export const deleteTodo = (id: number) => del<null>(`/api/todo/delete/${id}`);
